export declare const MIN_MAJOR: number;
export declare function nodePackage(major: number, platform: string, arch: string): string;
export declare function nodeToFetch(version: string, platform: string, arch: string): string | null;
export declare const CHECK_INTERVAL_MS: number;
export declare function compareVersions(a: string, b: string): -1 | 0 | 1;
export declare function newestVersion(npmViewJson: string): string | null;
export declare function isCheckDue(lastCheckedMs: number | null, nowMs: number): boolean;
export interface NodeSource {
  newest(pkg: string): string | null;
  fetch(pkg: string, dir: string): void;
}
export declare function ensureNode(
  major: number,
  cacheRoot: string,
  options?: { now?: number; source?: NodeSource },
): { bin: string; version: string };
