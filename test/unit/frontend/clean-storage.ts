import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For the hook tests of the calling file: each test starts with an empty localStorage, and after
 * it what it rendered is unmounted, its spies restored and localStorage emptied again.
 */
export function withCleanStorage(): void {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();
  });
}
