// The release tooling: the changelog script on a small real git history made here (version tags,
// annotated and lightweight, a merge naming its issues, commits on the main line), its release
// notes for one version and its refusal of a shallow clone; and the release workflow, parsed as
// YAML, running the README's commands through .ci/run and publishing only through the release
// script with the tokens in the environment.

import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const yaml = require('js-yaml') as { load(text: string): unknown };

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/changelog.mjs');

describe('release tooling', function () {
  this.timeout(60_000);

  describe('the changelog script', () => {
    let repo: string;
    /** The day of the month every git command of the fixture is dated. */
    let day = 1;
    let files = 0;

    const git = (...args: string[]): string => {
      const date = `2026-01-${String(day).padStart(2, '0')}T12:00:00Z`;
      return execFileSync('git', args, {
        cwd: repo,
        encoding: 'utf8',
        env: {
          PATH: process.env['PATH'] ?? '',
          HOME: repo,
          GIT_AUTHOR_NAME: 'Test',
          GIT_AUTHOR_EMAIL: 'test@127.0.0.1',
          GIT_COMMITTER_NAME: 'Test',
          GIT_COMMITTER_EMAIL: 'test@127.0.0.1',
          GIT_AUTHOR_DATE: date,
          GIT_COMMITTER_DATE: date,
          GIT_CONFIG_NOSYSTEM: '1',
        },
      });
    };
    const commit = (subject: string, on: number): void => {
      day = on;
      const file = `file${files++}.txt`;
      writeFileSync(path.join(repo, file), `${subject}\n`);
      git('add', file);
      git('commit', '-q', '-m', subject);
    };
    const changelog = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(repo, 'scripts/changelog.mjs'), ...args], { cwd: repo, encoding: 'utf8' });

    before(() => {
      repo = mkdtempSync(path.join(os.tmpdir(), 'bds-changelog-'));
      git('init', '-q', '-b', 'main');
      mkdirSync(path.join(repo, 'scripts'));
      copyFileSync(SCRIPT, path.join(repo, 'scripts/changelog.mjs'));
      commit('Initial commit', 4);
      git('tag', '-a', 'v0.1.0', '-m', 'first release');
      git('checkout', '-q', '-b', 'parser');
      commit('Parser: glued names (#5)', 6);
      commit('README <for> the parser', 7);
      git('checkout', '-q', 'main');
      commit('Direct fix on main', 10);
      day = 11;
      git('merge', '-q', '--no-ff', 'parser', '-m', 'Merge #5 and #6 glued names');
      git('tag', 'v0.2.0');
      commit('After the release', 13);
    });
    after(() => rmSync(repo, { recursive: true, force: true }));

    it('writes sections per version tag, merges with their issues and commits, then the main line', () => {
      const run = changelog();
      assert.equal(run.status, 0, run.stderr);
      const text = readFileSync(path.join(repo, 'CHANGELOG.md'), 'utf8');
      const hash = (subject: string) =>
        git('log', '--all', '--format=%h', '--grep', `^${subject.replace(/[()#<>]/g, '.')}$`)
          .trim()
          .slice(0, 7);
      const body = text.slice(text.indexOf('## '));
      assert.equal(
        body,
        [
          '## Unreleased',
          '',
          `- After the release (${hash('After the release')}, 2026-01-13)`,
          '',
          '## v0.2.0 (2026-01-11)',
          '',
          '### #5 and #6 glued names',
          '',
          `Merged in ${hash('Merge #5 and #6 glued names')} on 2026-01-11; issues #5, #6.`,
          '',
          `- README &lt;for&gt; the parser (${hash('README <for> the parser')})`,
          `- Parser: glued names (#5) (${hash('Parser: glued names (#5)')})`,
          '',
          '### On the main line',
          '',
          `- Direct fix on main (${hash('Direct fix on main')}, 2026-01-10)`,
          '',
          '## v0.1.0 (2026-01-04)',
          '',
          `- Initial commit (${hash('Initial commit')}, 2026-01-04)`,
          '',
        ].join('\n'),
      );
      // The same history gives the same file.
      assert.equal(changelog('--stdout').stdout, text);
    });

    it('prints one version as release notes, and refuses an unknown one', () => {
      const notes = changelog('--release', 'v0.1.0');
      assert.equal(notes.status, 0, notes.stderr);
      assert.match(notes.stdout, /^- Initial commit \(\w{7}, 2026-01-04\)\n$/);
      const unknown = changelog('--release', 'v9.9.9');
      assert.equal(unknown.status, 2);
      assert.match(unknown.stderr, /no version v9\.9\.9 on the main line; tags: Unreleased, v0\.2\.0, v0\.1\.0/);
    });

    it('refuses a shallow clone, whose history is cut', () => {
      const shallow = path.join(repo, 'shallow');
      execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo}`, shallow]);
      mkdirSync(path.join(shallow, 'scripts'), { recursive: true });
      copyFileSync(SCRIPT, path.join(shallow, 'scripts/changelog.mjs'));
      const run = spawnSync(process.execPath, [path.join(shallow, 'scripts/changelog.mjs'), '--stdout'], {
        cwd: shallow,
        encoding: 'utf8',
      });
      assert.equal(run.status, 2);
      assert.match(run.stderr, /shallow clone/);
    });
  });

  describe('the release workflow', () => {
    const file = path.join(ROOT, '.github/workflows/release.yml');
    const text = readFileSync(file, 'utf8');
    const workflow = yaml.load(text) as {
      on: { push: { tags: string[] } };
      permissions: Record<string, string>;
      jobs: Record<
        string,
        {
          steps: Array<{
            name?: string;
            uses?: string;
            run?: string;
            env?: Record<string, string>;
            with?: Record<string, unknown>;
          }>;
        }
      >;
    };
    const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
    const runs = steps.map((s) => s.run ?? '').join('\n');

    it('runs on version tags with the right to create a release', () => {
      assert.deepEqual(workflow.on.push.tags, ['v[0-9]*']);
      assert.equal(workflow.permissions['contents'], 'write');
      assert.equal(steps.find((s) => s.uses?.startsWith('actions/checkout'))?.with?.['fetch-depth'], 0);
    });

    it('builds and tests as CI does, then publishes through the release script', () => {
      const order = [
        'bash .ci/run',
        'node scripts/changelog.mjs',
        'node scripts/release.mjs --publish',
        'gh release create',
      ].map((cmd) => runs.indexOf(cmd));
      assert.ok(
        order.every((i) => i >= 0),
        `every step is there: ${order.join(', ')}`,
      );
      assert.deepEqual(
        [...order].sort((a, b) => a - b),
        order,
        'in this order',
      );
      for (const script of ['.ci/run', 'scripts/changelog.mjs', 'scripts/release.mjs'])
        assert.ok(existsSync(path.join(ROOT, script)), script);
      assert.match(readFileSync(path.join(ROOT, '.ci/run'), 'utf8'), /\nnode scripts\/release\.mjs --dry-run\n/);
    });

    it('hands the tokens over in the environment of the publishing step only', () => {
      const publishing = steps.find((s) => s.run?.includes('scripts/release.mjs --publish'))!;
      assert.deepEqual(publishing.env, { VSCE_PAT: '${{ secrets.VSCE_PAT }}', OVSX_PAT: '${{ secrets.OVSX_PAT }}' });
      assert.doesNotMatch(runs, /secrets\./, 'no secret is expanded into a command line');
      assert.equal(steps.filter((s) => JSON.stringify(s.env ?? {}).includes('secrets.')).length, 1);
    });
  });
});
