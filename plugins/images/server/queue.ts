/** A queue that runs at most `limit` tasks at once; the others wait their turn, first come first served. */
export function taskQueue(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next task, so `running` never exceeds the limit.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
