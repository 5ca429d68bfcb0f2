/**
 * aws-local-stepfunctions 3 calls Promise.withResolvers (Node 22+); on Node 20 every Task would
 * fail without this. Imported before the interpreter.
 */
const P = Promise as unknown as { withResolvers?: <T>() => { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } };
if (!P.withResolvers) {
  P.withResolvers = <T>() => {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

export {};
