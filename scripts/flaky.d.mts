export interface KnownFlaky {
  test: string;
  reason: string;
}
export function flakyTests(report: unknown): string[];
export function readKnownFlaky(path: string): KnownFlaky[];
export function judgeFlaky(names: string[], known: KnownFlaky[]): { excused: KnownFlaky[]; unexcused: string[] };
