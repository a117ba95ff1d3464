/** Memory of a child process from /proc/<pid>/status (Linux). */
import { readFileSync, writeFileSync } from 'node:fs';

/** VmRSS and VmHWM (peak RSS) in bytes, or null when the process is gone. */
export function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** Resets VmHWM to the current RSS (writing 5 to clear_refs); false when not allowed. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Samples a process's RSS every `everyMs` until stopped; the peak is the larger of the samples
 * and the kernel's VmHWM (when it could be reset at the start).
 */
export function sampleMemory(pid: number, everyMs = 20) {
  const kernelPeak = resetPeak(pid);
  const start = memoryOf(pid)?.rss ?? NaN;
  let peak = start;
  const timer = setInterval(() => {
    const m = memoryOf(pid);
    if (m) peak = Math.max(peak, m.rss);
  }, everyMs);
  return {
    start,
    stop(): { start: number; peak: number; growth: number; kernelPeak: boolean } {
      clearInterval(timer);
      const m = memoryOf(pid);
      if (m) peak = Math.max(peak, m.rss, kernelPeak ? m.hwm : 0);
      return { start, peak, growth: peak - start, kernelPeak };
    },
  };
}
