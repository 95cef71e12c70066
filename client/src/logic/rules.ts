// A rulebook reference opened from the log: the section's coverage in Delve (GET /api/rules),
// fetched once per reference and ruleset.

export type CoverageStatus = "done" | "partial" | "not yet";

export interface RulesSection {
  ref: string;
  section: string;  // the coverage page's label of the section
  source: string;  // the rules file it heads (descent-1e-rulebook.md, an excerpt)
  ruleset: string;
  status: CoverageStatus;
  module: string;  // the Python module that implements it ("" when none)
  about: string;  // that module's own one-line description (the project's words)
  tests: number;  // how many test entries the coverage page lists for it
  glossary: string | null;  // a glossary entry explaining it, if there is one
}

const STATUS_TEXT: Record<CoverageStatus, string> = {
  done: "Implemented: Delve enforces the rules of this section, and tests prove it.",
  partial: "Partly implemented: Delve enforces some of the rules of this section, not all yet.",
  "not yet": "Not implemented yet: Delve does not enforce this section's rules.",
};

/** What a coverage status means for a player. */
export function statusText(status: string): string {
  return STATUS_TEXT[status as CoverageStatus] ?? `Coverage: ${status}.`;
}

const SOURCES: Record<string, string> = {
  "descent-1e-rulebook.md": "the 1st edition rulebook",
  "descent-2e-rules-excerpt-a.txt": "the 2nd edition rules",
  "descent-2e-rules-excerpt-b.txt": "the 2nd edition rules",
  "extra-game-effects.txt": "the extra game effects",
};

/** A person's name for the rules file a section heads. */
export function sourceName(source: string): string {
  return SOURCES[source] ?? source;
}

const OWN_RULE = /^(.*) \((docs\/[^)]+)\)$/;  // "Solo variant (docs/solo-overlord.md)": a rule of Delve's own

/** How the log cites a reference: a rulebook section by its heading; a rule of Delve's own (its
 * reference names the project document that describes it) by its name alone, as a rule, since a
 * file path means nothing at the table (its card still names the document). */
export function refLabel(ref: string): string {
  const own = OWN_RULE.exec(ref);
  return own ? `(rules: ${own[1]})` : `(rulebook: ${ref})`;
}

/** The request that asks for a section's coverage. */
export function rulesUrl(ref: string, ruleset: string): string {
  return `/api/rules?ref=${encodeURIComponent(ref)}&ruleset=${encodeURIComponent(ruleset)}`;
}

/** Fetches sections once each; an unknown reference gives null (the page shows it plainly). */
export class RulesCache {
  private known = new Map<string, Promise<RulesSection | null>>();
  constructor(private readonly fetcher: (url: string) => Promise<Response> = (url) => fetch(url)) {}

  get(ref: string, ruleset: string): Promise<RulesSection | null> {
    const url = rulesUrl(ref, ruleset);
    let found = this.known.get(url);
    if (!found) {
      found = this.fetcher(url).then((res) => (res.ok ? (res.json() as Promise<RulesSection>) : null)).catch(() => null);
      this.known.set(url, found);
    }
    return found;
  }
}

export const rulesCache = new RulesCache();
