/**
 * A queue that runs at most `limit` tasks at once; the others wait their turn, first come first
 * served (the images' decoding, the embeds' renders). A task given a deadline stops waiting then:
 * it rejects with what `late()` makes, and never runs.
 */
export function taskQueue(limit: number): <T>(task: () => Promise<T>, wait?: { deadline: number; late(): Error }) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const turn = (wait?: { deadline: number; late(): Error }) =>
    new Promise<void>((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = wait
        ? setTimeout(
            () => {
              waiting.splice(waiting.indexOf(take), 1);
              reject(wait.late());
            },
            Math.max(wait.deadline - Date.now(), 0),
          )
        : undefined;
      waiting.push(take);
    });
  return async (task, wait) => {
    if (running < limit) running += 1;
    else await turn(wait);
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
