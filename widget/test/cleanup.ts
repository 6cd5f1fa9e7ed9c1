import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Every component test starts from an empty document: what a test rendered is unmounted after it.
afterEach(cleanup);

// How long findBy and waitFor wait for what a test expects before failing: Testing Library's one
// second is too short for a debounced request answered on a two-core machine busy with other test
// files. A test that passes never waits this long; one that fails reports after it.
configure({ asyncUtilTimeout: 10_000 });
