import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Every component test starts from an empty document: what a test rendered is unmounted after it.
afterEach(cleanup);
