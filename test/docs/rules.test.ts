// docs/rules.md, the page each diagnostic's code links to, has a section for every rule (its
// heading is the anchor the link names), in the order of the rule table, with the rule's default
// severity; and every example on it raises its own rule.

import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../../server/src/core/features/rules';
import { serviceFor } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

const page = readFileSync(join(__dirname, '..', '..', 'docs', 'rules.md'), 'utf8');

/** The sections of the page: the code of each `## \`code\`` heading, its text and its first code block. */
function sections(): Array<{ code: string; text: string; example: string | undefined }> {
  const out: Array<{ code: string; text: string; example: string | undefined }> = [];
  const parts = page.split(/^## `([a-z0-9-]+)`$/m);
  for (let k = 1; k + 1 < parts.length; k += 2) {
    const text = parts[k + 1] ?? '';
    out.push({ code: parts[k] ?? '', text, example: /^```\n([\s\S]*?)\n```$/m.exec(text)?.[1] });
  }
  return out;
}

describe('docs/rules.md', () => {
  it('has a section for every rule, in the rule table order, with its default severity', () => {
    const found = sections();
    assert.deepEqual(
      found.map((s) => s.code),
      RULES.map((r) => r.code),
    );
    for (const [k, s] of found.entries())
      assert.match(s.text, new RegExp(`Default severity: ${RULES[k]!.severity}\\.`), s.code);
  });

  it("raises each section's rule from its example", () => {
    const catalog = snapshotCatalog();
    let examples = 0;
    for (const s of sections()) {
      if (s.example === undefined) continue;
      examples++;
      const { service, document } = serviceFor(s.example, { catalog });
      const codes = service.validate(document).map((d) => String(d.code));
      assert.ok(codes.includes(s.code), `${s.code}: its example gives ${JSON.stringify(codes)}`);
    }
    assert.ok(examples >= RULES.length - 2, `examples: ${examples}`);
  });
});
