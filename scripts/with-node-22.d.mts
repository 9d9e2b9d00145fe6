export declare const MIN_MAJOR: number;
export declare function nodePackage(major: number, platform: string, arch: string): string;
export declare function nodeToFetch(version: string, platform: string, arch: string): string | null;
