import { Writable } from 'node:stream';

/** A stream for a test logger: every line written to it (one JSON record a line) is pushed onto `lines`. */
export function lineSink(lines: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
}
