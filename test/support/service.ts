// Builds a language service and a document for feature tests: the one place tests construct
// them, so every feature test reads the same way.

import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Catalog } from '../../server/src/core/catalog/catalog';
import { FULL_CLIENT, type ClientFeatures } from '../../server/src/core/features/types';
import { LanguageService } from '../../server/src/core/languageService';
import { normalizeSettings } from '../../server/src/core/settings';
import { testCatalog } from './testCatalog';

export interface ServiceOptions {
  /** Defaults to the small hand-written test catalog. */
  catalog?: Catalog;
  /** Raw settings, normalised as the server would (nested or dotted keys). */
  settings?: unknown;
  client?: Partial<ClientFeatures>;
  uri?: string;
}

export function serviceFor(
  text: string,
  options: ServiceOptions = {},
): { service: LanguageService; document: TextDocument } {
  const service = new LanguageService({
    catalog: options.catalog ?? testCatalog(),
    settings: normalizeSettings(options.settings),
    client: { ...FULL_CLIENT, ...options.client },
  });
  const document = TextDocument.create(options.uri ?? 'file:///test.bds', 'bdscript', 1, text);
  return { service, document };
}
