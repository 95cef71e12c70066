// A short beep for the your-turn signal, made with WebAudio (no sound file to ship). Browsers
// allow audio only after the person has interacted with the page; a refused beep is silent.
let context: AudioContext | null = null;

export function beep(): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.12, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.25);
    tone.connect(gain).connect(context.destination);
    tone.start(now);
    tone.stop(now + 0.25);
  } catch {
    // no audio on this page: the title still changes
  }
}

const KEY = "delve.sound";
export const soundOn = (): boolean => localStorage.getItem(KEY) === "1";
export const setSound = (on: boolean): void => localStorage.setItem(KEY, on ? "1" : "0");
