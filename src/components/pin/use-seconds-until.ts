/** Whole seconds left until a moment (ms since epoch), ticking down on screen; 0 once it has passed. */
import { useEffect, useState } from 'react';
import { secondsLeft } from '../../domain/pin-attempts';

/** How often the count is looked at: well under a second, so each second shows for about as long as a second. */
const TICK_MS = 200;

export function useSecondsUntil(until: number): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(until, Date.now()));
  useEffect(() => {
    const update = () => setSeconds(secondsLeft(until, Date.now()));
    update();
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      update();
      if (until <= Date.now()) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}
