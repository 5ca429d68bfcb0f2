declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

declare module 's3rver/lib/models/account.js' {
  interface AWSAccount {
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
  }
  const Account: { registry: Map<string, AWSAccount>; DUMMY_ACCOUNT: AWSAccount };
  export default Account;
}

declare module 's3rver/lib/stores/filesystem.js' {
  interface FilesystemStore {
    getResourcePath(bucket: string, key: string, resource: string): string;
    deleteObject(bucket: string, key: string): Promise<void>;
  }
  const FilesystemStore: { prototype: FilesystemStore };
  export default FilesystemStore;
}
