/**
 * The new-order sound, generated with the Web Audio API (no file to fetch): two short tones.
 * Browsers start an audio context suspended until the user interacts with the page; `play` says
 * whether the sound could really play, so the alert can ask the user to click instead of failing
 * silently. Any click on the page unlocks it for the rest of the visit.
 */
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  context = Ctor ? new Ctor() : null;
  return context;
}

/** Resumes the context; call from a click (a user gesture) to lift the autoplay block. */
export async function unlockSound(): Promise<boolean> {
  const ctx = audio();
  if (!ctx) return false;
  if (ctx.state !== 'running') await ctx.resume().catch(() => undefined);
  return ctx.state === 'running';
}

/** Plays the alert once; false when the browser blocks it (no interaction yet) or has no audio. */
export async function playAlert(): Promise<boolean> {
  const ctx = audio();
  if (!ctx) return false;
  // resume() without a gesture never settles in some browsers: give it a moment, then decide.
  if (ctx.state !== 'running') await Promise.race([ctx.resume().catch(() => undefined), new Promise((r) => setTimeout(r, 300))]);
  if (ctx.state !== 'running') return false;
  const start = ctx.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.25, 660],
  ] as const) {
    const tone = ctx.createOscillator();
    const gain = ctx.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.22);
    tone.connect(gain).connect(ctx.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.25);
  }
  return true;
}
