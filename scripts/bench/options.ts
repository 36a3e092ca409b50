/** What every bench area is run with. */
export interface BenchOptions {
  /**
   * `--quick`: small sizes, a few seconds each — proves the area still runs (what `npm test` does), its
   * figures are not the ones to report.
   */
  quick: boolean;
}
