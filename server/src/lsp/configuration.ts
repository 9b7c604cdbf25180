// The server's settings over the session: read from `initializationOptions` at `initialize`,
// pulled with `workspace/configuration` and pushed in `didChangeConfiguration`, a burst of
// changes applied once (so the catalog provider is rebuilt once). What a source holds is read by
// settings.ts; this module decides when, and hands complete settings to the wiring when they change.

import { DEFAULT_SETTINGS, type Settings } from '../core/settings';
import { isObject, type JsonObject } from '../protocol/json';
import { SETTINGS_SECTION } from '../protocol/settings';
import { Coalescer } from './coalesce';
import { pushedSettings } from './params';
import type { Session } from './session';
import { readInitializationOptions, readSettings, settingsSection } from './settings';
import { errorWithStack, messageOf } from '../protocol/errors';

/** Settings changes are applied once they have been quiet this long... */
export const SETTINGS_QUIET_MS = 50;
/** ...or at the latest this long after the first change not yet applied. */
export const SETTINGS_MAX_DELAY_MS = 500;

export class SettingsSync {
  private initSection: JsonObject | undefined;
  private clientSection: JsonObject | undefined;
  private current: Settings = DEFAULT_SETTINGS;
  /** Settings changes come in bursts; they are applied together, so the catalog is rebuilt once. */
  private readonly updates: Coalescer;

  constructor(
    private readonly session: Session,
    /** Complete settings that differ from the last ones applied. */
    private readonly onDidChange: (settings: Settings) => void,
  ) {
    this.updates = new Coalescer(session.timers, SETTINGS_QUIET_MS, SETTINGS_MAX_DELAY_MS, () =>
      session.contain(
        'applying settings',
        async () => {
          await this.pull();
          if (!session.disposed) this.apply(this.read());
        },
        () => undefined,
      ),
    );
  }

  /**
   * The settings in `initializationOptions`, and the editor's storage folder it names. Never
   * throws: what cannot be read is ignored (and logged), as in a later `didChangeConfiguration`.
   */
  initialize(initializationOptions: unknown): { settings: Settings; storagePath: string | undefined } {
    try {
      const init = readInitializationOptions(initializationOptions);
      this.initSection = init.section;
      this.current = this.read();
      return { settings: this.current, storagePath: init.storagePath };
    } catch (err) {
      this.session.log.error(`reading initializationOptions failed: ${errorWithStack(err)}`);
      this.initSection = undefined;
      this.current = DEFAULT_SETTINGS;
      return { settings: DEFAULT_SETTINGS, storagePath: undefined };
    }
  }

  /** `workspace/didChangeConfiguration`: takes the settings it carries, if any, and pulls the rest. */
  pushed(params: unknown): void {
    const section = settingsSection(pushedSettings(params));
    if (section) this.clientSection = section;
    this.updates.trigger();
  }

  /** Reads the client's settings again (soon, with others asked for meanwhile). */
  trigger(): void {
    this.updates.trigger();
  }

  /** Settles once the updates asked for so far are applied. */
  flush(): Promise<void> {
    return this.updates.flush();
  }

  dispose(): void {
    this.updates.dispose();
  }

  /** Applies complete settings: the wiring hands them to the catalog host and the service. */
  private apply(next: Settings): void {
    const previous = this.current;
    this.current = next;
    if (JSON.stringify(previous) === JSON.stringify(next)) return;
    this.onDidChange(next);
  }

  /** The settings of every source, later ones winning; what was beyond the bounds goes to the log. */
  private read(): Settings {
    const { settings, ignored } = readSettings([this.initSection, this.clientSection]);
    for (const line of ignored) this.session.log.warn(line);
    return settings;
  }

  private async pull(): Promise<void> {
    const { session } = this;
    if (!session.abilities.configuration) return;
    try {
      const value: unknown = await session.connection.workspace.getConfiguration(SETTINGS_SECTION);
      // The section itself (`{catalog: {...}}`); a client without settings answers null.
      if (isObject(value)) this.clientSection = settingsSection({ [SETTINGS_SECTION]: value });
    } catch (err) {
      session.log.warn(`workspace/configuration failed: ${messageOf(err)}`);
    }
  }
}
