// The preview's budget: the most parts and characters a message model holds, so that the model,
// the page drawn from it and Discord's JSON stay bounded by the budget, not by the document (a
// 16 Mi-character file of placeholders would otherwise make a page of about a gigabyte). The
// numbers and why they were chosen are in docs/reliability.md.

/** How much of a reply the preview builds. */
export interface PreviewBudget {
  /** Parts: texts and placeholders, embeds' fields, components, options, gallery items, notes, `$if` blocks offered. */
  readonly parts: number;
  /** Characters of text (literal text and placeholder labels), in UTF-16 code units. */
  readonly chars: number;
}

/**
 * The default budget. The largest message Discord accepts holds under 20,000 characters of text
 * (2,000 of content, 6,000 across all embeds, 4,000 across Components V2 texts, select options of
 * 100 characters) in under 1,000 parts; this is five times that, so every message Discord would
 * take is shown whole, and drafts over its limits (which the rules report) are shown far enough.
 */
export const PREVIEW_BUDGET: PreviewBudget = { parts: 5000, chars: 100_000 };

/** The running count against a budget; once spent it stays spent. */
export class BudgetCounter {
  parts = 0;
  chars = 0;
  /** Set when something did not fit: the model stops there. */
  spent = false;

  constructor(readonly limit: PreviewBudget) {}

  /** Characters that still fit. */
  get room(): number {
    return this.spent ? 0 : Math.max(0, this.limit.chars - this.chars);
  }

  /** Takes one part of `chars` characters; false (and spent) when it does not fit. */
  part(chars = 0): boolean {
    if (this.spent) return false;
    if (this.parts + 1 > this.limit.parts || this.chars + chars > this.limit.chars) {
      this.spent = true;
      return false;
    }
    this.parts++;
    this.chars += chars;
    return true;
  }

  /** Takes `chars` more characters of a part already counted; false (and spent) when they do not fit. */
  more(chars: number): boolean {
    if (this.spent) return false;
    if (this.chars + chars > this.limit.chars) {
      this.spent = true;
      return false;
    }
    this.chars += chars;
    return true;
  }
}
