import { describeFuzzShare } from '../test/fuzz-suite';

// The sweep of malformed requests, cut in two files so both workers share it (test/fuzz-suite.ts).
describeFuzzShare({ part: 1, of: 2 });
