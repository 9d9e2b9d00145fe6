import fs from 'node:fs';
import os from 'node:os';

/**
 * User+system CPU seconds of this process and its waited-for children (Linux /proc; 100 ticks/s):
 * what an ffmpeg render cost, whatever else the machine was doing.
 */
export function cpuSeconds(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After the command name: utime, stime, cutime, cstime are fields 12-15 (0-based).
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

/** The 1-minute load average, printed beside each figure (figures move with it). */
export const loadAverage = (): string => os.loadavg()[0]!.toFixed(1);
