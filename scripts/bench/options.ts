/** What every bench area is run with. */
export interface BenchOptions {
  /**
   * `--quick`: small sizes, a few seconds each — proves the area still runs (what `npm test` does), its
   * figures are not the ones to report.
   */
  quick: boolean;
}

/** Whether this run is `--quick` (read once: the areas' sizes are module constants). */
export const QUICK = process.argv.includes('--quick');

/** A size of a bench area: the measured one, or the small one under `--quick`. */
export const sized = <T>(full: T, quick: T): T => (QUICK ? quick : full);
