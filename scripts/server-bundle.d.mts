export declare function bundleServer(outDir?: string): Promise<string>;
export declare function testServerBundle(): Promise<string>;
