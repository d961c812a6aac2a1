// Sounds synthesised with WebAudio (no recorded files): short envelopes over simple oscillators and noise.
import { prefs } from './store';

// 'select', 'illegal' and 'offer' serve the blind mode: a piece picked on the keyboard grid, a key or move that
// does nothing, an offer from the opponent; each has its own pitch and shape so it is told apart by ear.
export type SoundName = 'move' | 'capture' | 'check' | 'lowtime' | 'end' | 'select' | 'illegal' | 'offer';

let context: AudioContext | null = null;
let enabled = prefs.sound();

export function soundOn(): boolean {
  return enabled;
}

export function setSound(on: boolean): void {
  enabled = on;
  prefs.setSound(on);
  if (on) unlock();
}

/** Browsers start audio only after a gesture: called from the first click or key press. */
export function unlock(): void {
  if (!enabled) return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

function tone(ctx: AudioContext, at: number, freq: number, length: number, type: OscillatorType, gain: number): void {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.005);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** A wooden knock: a burst of filtered noise. */
function knock(ctx: AudioContext, at: number, freq: number, gain: number): void {
  const length = 0.08;
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / data.length, 4);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = freq;
  filter.Q.value = 3;
  const amp = ctx.createGain();
  amp.gain.value = gain;
  source.connect(filter).connect(amp).connect(ctx.destination);
  source.start(at);
}

export function play(name: SoundName): void {
  if (!enabled || context === null) return;
  const ctx = context;
  const now = ctx.currentTime + 0.01;
  switch (name) {
    case 'move':
      knock(ctx, now, 900, 1.2);
      break;
    case 'capture':
      knock(ctx, now, 700, 1.4);
      knock(ctx, now + 0.06, 1100, 1.0);
      break;
    case 'check':
      tone(ctx, now, 880, 0.12, 'triangle', 0.25);
      tone(ctx, now + 0.1, 1175, 0.18, 'triangle', 0.25);
      break;
    case 'lowtime':
      for (let i = 0; i < 3; i++) tone(ctx, now + i * 0.15, 1400, 0.08, 'square', 0.08);
      break;
    case 'select':
      tone(ctx, now, 660, 0.06, 'sine', 0.2);
      break;
    case 'illegal':
      tone(ctx, now, 180, 0.16, 'sawtooth', 0.12);
      break;
    case 'offer':
      tone(ctx, now, 587, 0.15, 'sine', 0.25);
      tone(ctx, now + 0.15, 587, 0.15, 'sine', 0.25);
      break;
    case 'end':
      tone(ctx, now, 523, 0.3, 'sine', 0.3);
      tone(ctx, now + 0.18, 659, 0.3, 'sine', 0.3);
      tone(ctx, now + 0.36, 784, 0.5, 'sine', 0.3);
      break;
  }
}
