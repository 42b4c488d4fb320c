// The camera's part of a real-looking photo: how far the card is and how it is held, focus, light, motion, the
// photo's resolution and its JPEG quality. The looks about the camera push one of these past the usual range.
import { between, pick } from './cards.mjs';
import { FRAME } from './scene.mjs';

/**
 * @param {import('./cards.mjs').Random} random
 * @param {string} look
 * @param {string} layout
 */
export function drawCamera(random, look, layout) {
  // How much of the frame the card's long side takes: most of it, or (the small look) under half, as from afar.
  const share = look === 'small' ? between(random, 0.26, 0.42) : between(random, 0.56, 0.8);
  const cardWidth = layout === 'vertical' ? (Math.min(0.95, share * 1.15) * FRAME.height) / 1.586 : share * FRAME.width;
  return {
    cardWidth,
    tilt: between(random, -6, 6),
    pitch: between(random, -14, 14),
    yaw: between(random, -14, 14),
    blur: random() < 0.3 ? between(random, 0.6, 1.8) : between(random, 0, 0.5),
    light: random() < 0.25 ? between(random, 0.35, 0.6) : between(random, 0.7, 1.1),
    glare: random() < 0.3 ? between(random, 0.25, 0.6) : 0,
    noise: between(random, 0, 0.12),
    quality: Math.round(look === 'jpeg-low' ? between(random, 40, 50) : between(random, 52, 92)),
    // A smaller photo is rendered at a fraction of the frame's pixels, as a low-resolution camera takes it.
    scale: look === 'downscaled' ? pick(random, [0.5, 0.6, 2 / 3]) : 1,
    // Motion blur: a Gaussian blur along one direction, in px of the full frame.
    motion: look === 'motion-blur' ? between(random, 2, 6) : 0,
    motionAngle: between(random, 0, 180),
    offsetX: between(random, -0.06, 0.06) * FRAME.width,
    offsetY: between(random, -0.05, 0.05) * FRAME.height,
  };
}

/** @typedef {ReturnType<typeof drawCamera>} Camera */

/**
 * The page around the card: the desk seen by a camera (perspective, focus, light), motion blur over all of it, the
 * glare spot and the sensor's noise (the canvas scene.mjs's drawNoise fills).
 * @param {Camera} camera
 * @param {{ desk: string, glareAt: [number, number], glareSize: number }} room
 * @param {string} cardCss the card's own box and transform
 * @param {string} inner the card's CSS and HTML
 * @param {string} innerCss
 */
export function photoPage(camera, room, cardCss, inner, innerCss) {
  // The blur runs along the rotated box's x axis; the box is rotated back inside, so only the blur's direction turns.
  // It is padded so that, turned, it still covers the frame.
  const pad = 300;
  const motion = camera.motion > 0 ? 'filter: url(#motion);' : '';
  return `<!doctype html><html><head><style>
html, body { margin: 0; width: ${FRAME.width}px; height: ${FRAME.height}px; overflow: hidden; background: #000; }
.motion { position: absolute; left: ${-pad}px; top: ${-pad}px; width: ${FRAME.width + 2 * pad}px;
  height: ${FRAME.height + 2 * pad}px; transform: rotate(${camera.motionAngle}deg); ${motion} }
.level { position: absolute; inset: 0; transform: rotate(${-camera.motionAngle}deg); }
.camera { position: absolute; left: ${pad}px; top: ${pad}px; width: ${FRAME.width}px; height: ${FRAME.height}px;
  background: ${room.desk}; perspective: 900px; filter: blur(${camera.blur}px) brightness(${camera.light}); overflow: hidden; }
.card { position: absolute; left: 50%; top: 50%; overflow: hidden; ${cardCss} }
${innerCss}
.glare { position: fixed; inset: 0; background: radial-gradient(circle at ${room.glareAt[0]}% ${room.glareAt[1]}%, rgba(255,255,255,${camera.glare}), transparent ${room.glareSize}%); }
canvas { position: fixed; inset: 0; opacity: ${camera.noise}; mix-blend-mode: overlay; }
</style></head><body>
<svg width="0" height="0" style="position: absolute"><filter id="motion" x="-2%" y="-2%" width="104%" height="104%"><feGaussianBlur stdDeviation="${camera.motion.toFixed(2)} 0"/></filter></svg>
<div class="motion"><div class="level"><div class="camera"><div class="card">${inner}</div></div></div></div>
<div class="glare"></div><canvas width="${FRAME.width / 2}" height="${FRAME.height / 2}" style="width:100%;height:100%"></canvas>
</body></html>`;
}
