/** The Emscripten factory of the `espeak-ng` package (it ships no types). */
declare module 'espeak-ng' {
  interface EspeakFs {
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
  }
  interface EspeakModule {
    FS: EspeakFs;
  }
  interface EspeakOptions {
    arguments: string[];
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    preRun?: Array<(module: EspeakModule) => void>;
    instantiateWasm?: (
      imports: object,
      done: (instance: object, module: WebAssembly.Module) => void,
    ) => object;
  }
  const ESpeakNG: (options: EspeakOptions) => Promise<EspeakModule>;
  export default ESpeakNG;
}
