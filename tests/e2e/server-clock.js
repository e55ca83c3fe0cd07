/**
 * Preloaded into a journeys' server (`node --import`, tests/e2e/server.ts): the server's clock
 * moves when a journey asks over the IPC channel, and the server answers once it has moved. It
 * imports the built server's own clock module, the one instance main.js imports after it.
 */
const { clockControl } = await import(new URL('../../dist-server/core/server/clock.js', import.meta.url).href);

process.on('message', (message) => {
  if (typeof message?.advanceClock !== 'number') return;
  clockControl.advance(message.advanceClock);
  process.send?.({ clockAdvanced: message.advanceClock });
});
