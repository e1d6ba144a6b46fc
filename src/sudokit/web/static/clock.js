// The game's clock: time spent on the puzzle, which stops while paused, while the page is
// hidden and once the puzzle is solved.

export class Clock {
  // onTick(): called about once a second while the clock runs
  constructor(onTick) {
    this.base = 0;
    this.since = null;
    this.onTick = onTick;
    this.timer = null;
  }

  get running() {
    return this.since !== null;
  }

  elapsed() {
    return this.base + (this.since === null ? 0 : performance.now() - this.since);
  }

  // Start afresh from `base` ms, stopped.
  set(base) {
    this.stop();
    this.base = base;
  }

  start() {
    if (this.running) return;
    this.since = performance.now();
    this.timer = setInterval(this.onTick, 1000);
  }

  stop() {
    if (!this.running) return;
    this.base = this.elapsed();
    this.since = null;
    clearInterval(this.timer);
    this.timer = null;
  }
}
