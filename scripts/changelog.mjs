#!/usr/bin/env node
// Writes CHANGELOG.md from the commit history, so the changelog is never written by hand and
// never falls behind: the main line (first parents) from HEAD back to the first commit, cut into
// sections at version tags (`v1.2.3`), each merge listed with the issue numbers its subject names
// and the commits it brought in, and the commits made on the main line itself after them.
//
//   node scripts/changelog.mjs                 rewrite CHANGELOG.md
//   node scripts/changelog.mjs --stdout        print it instead
//   node scripts/changelog.mjs --release v1.2.3  print that version's section (release notes)
//
// The output depends only on the history (subjects, short hashes, commit dates, tags), so running
// it twice gives the same file. A shallow clone has no full history: the script says so and stops.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIELD = '\x1f';
const RECORD = '\x1e';

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Commits of a range as {hash, parents, date, subject}, newest first. */
function commits(...range) {
  const out = git('log', '--date=short', `--format=%H${FIELD}%P${FIELD}%ad${FIELD}%s${RECORD}`, ...range);
  return out
    .split(RECORD)
    .map((r) => r.trim())
    .filter((r) => r !== '')
    .map((r) => {
      const [hash, parents, date, subject] = r.split(FIELD);
      return { hash, parents: parents ? parents.split(' ') : [], date, subject: subject ?? '' };
    });
}

/** Version tags by the commit they name. */
function versionTags() {
  const tags = new Map();
  const lines = git('tag', '--list', 'v[0-9]*', '--format=%(objectname)%09%(*objectname)%09%(refname:short)').split(
    '\n',
  );
  for (const line of lines) {
    if (line.trim() === '') continue;
    const [object, peeled, name] = line.split('\t');
    tags.set(peeled || object, name);
  }
  return tags;
}

/** `#12`, `#13` in a subject, in order, once each. */
function issues(subject) {
  return [...new Set([...subject.matchAll(/#(\d+)\b/g)].map((m) => `#${m[1]}`))];
}

const short = (hash) => hash.slice(0, 7);

/** Text from the history, safe on one Markdown line. */
function line(text) {
  return text.replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'));
}

/** The sections: one per version tag on the main line, newest first, and "Unreleased" above them. */
function sections() {
  if (git('rev-parse', '--is-shallow-repository').trim() === 'true') {
    throw new Error(
      'this is a shallow clone: fetch the whole history first (git fetch --unshallow, or fetch-depth: 0 in a workflow)',
    );
  }
  const tags = versionTags();
  const out = [];
  let current = { title: 'Unreleased', date: '', merges: [], direct: [] };
  for (const c of commits('--first-parent', 'HEAD')) {
    const tag = tags.get(c.hash);
    if (tag) {
      out.push(current);
      current = { title: tag, date: c.date, merges: [], direct: [] };
    }
    if (c.parents.length > 1) {
      const brought = commits(`${c.parents[0]}..${c.parents[1]}`);
      const numbers = [...new Set([...issues(c.subject), ...brought.flatMap((b) => issues(b.subject))])];
      current.merges.push({ merge: c, numbers, brought });
    } else {
      current.direct.push(c);
    }
  }
  out.push(current);
  return out.filter((s) => s.merges.length > 0 || s.direct.length > 0 || s.title !== 'Unreleased');
}

function renderSection(s) {
  const lines = [`## ${s.title}${s.date ? ` (${s.date})` : ''}`, ''];
  for (const { merge, numbers, brought } of s.merges) {
    const title = merge.subject.replace(/^Merge (branch '[^']*'( into \S+)?)?\s*/, '') || merge.subject;
    lines.push(`### ${line(title)}`, '');
    lines.push(
      `Merged in ${short(merge.hash)} on ${merge.date}${numbers.length > 0 ? `; issues ${numbers.join(', ')}` : ''}.`,
      '',
    );
    for (const b of brought) lines.push(`- ${line(b.subject)} (${short(b.hash)})`);
    lines.push('');
  }
  if (s.direct.length > 0) {
    if (s.merges.length > 0) lines.push('### On the main line', '');
    for (const c of s.direct) lines.push(`- ${line(c.subject)} (${short(c.hash)}, ${c.date})`);
    lines.push('');
  }
  return lines.join('\n');
}

function render(all) {
  return [
    '# Changelog',
    '',
    'Made from the commit history by `node scripts/changelog.mjs`; do not edit it by hand. Each',
    'version lists the branches merged into it (named by the issues they close) with their',
    'commits, then the commits made on the main line itself, newest first.',
    '',
    ...all.map(renderSection),
  ]
    .join('\n')
    .replace(/\n+$/, '\n');
}

function main(argv) {
  const all = sections();
  const release = argv.indexOf('--release');
  if (release >= 0) {
    const name = argv[release + 1];
    const section = all.find((s) => s.title === name);
    if (!name || !section) {
      process.stderr.write(
        `changelog: no version ${name ?? '(none given)'} on the main line; tags: ${all.map((s) => s.title).join(', ')}\n`,
      );
      return 2;
    }
    process.stdout.write(renderSection(section).replace(/^## .*\n\n/, ''));
    return 0;
  }
  const text = render(all);
  if (argv.includes('--stdout')) process.stdout.write(text);
  else writeFileSync(join(ROOT, 'CHANGELOG.md'), text);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`changelog: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 2;
}
