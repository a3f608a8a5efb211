const MB = 1024 * 1024;

/**
 * Runs `work` while sampling the process's RSS every 10 ms, and prints its wall time and peak memory over
 * the baseline (benchmarks report; they assert nothing). `describe` adds a word on the result.
 */
export async function measure<T>(label: string, work: () => Promise<T>, describe: (result: T) => string = () => ''): Promise<T> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    const mb = (n: number) => (n / MB).toFixed(0);
    console.log(`${label.padEnd(40)} ${seconds.toFixed(2).padStart(7)} s   peak RSS ${mb(peak).padStart(5)} MB (+${mb(peak - baseline)} MB over ${mb(baseline)} MB)   ${describe(result)}`.trimEnd());
    return result;
  } finally {
    clearInterval(timer);
  }
}
