// One photo of a real-looking card (real-card.mjs) as HTML and CSS for Chromium: its face (surfaces.mjs), its print
// (emboss.mjs), its layout (layouts.mjs) and the camera (camera.mjs), with what was varied for the label.

import { drawCamera, photoPage } from './camera.mjs';
import { between } from './cards.mjs';
import { inks } from './emboss.mjs';
import { back, front, vertical } from './layouts.mjs';
import { desk, FRAME } from './scene.mjs';
import { drawSurface } from './surfaces.mjs';

/**
 * @param {import('./cards.mjs').Random} random
 * @param {import('./real-card.mjs').RealCard} card
 * @param {{ name: string, from: string, to: string, text: string }[]} colours
 */
export function realScene(random, card, colours) {
  const surface = drawSurface(random, card.surfaceKind, colours);
  const style = inks(random, card, surface);
  const camera = drawCamera(random, card.look, card.layout);
  const draw = card.layout === 'vertical' ? vertical : card.face === 'back' ? back : front;
  const layout = draw(random, card, surface, style, camera.cardWidth);
  const width = camera.cardWidth;
  const cardCss = `width: ${width}px; height: ${layout.height}px;
  margin: ${-layout.height / 2 + camera.offsetY}px 0 0 ${-width / 2 + camera.offsetX}px;
  border-radius: ${Math.min(width, layout.height) * 0.045}px; background: ${surface.background};
  box-shadow: 0 ${width * 0.02}px ${width * 0.05}px rgba(0,0,0,0.45), inset 0 0 0 1px #ffffff22;
  transform: rotateX(${camera.pitch}deg) rotateY(${camera.yaw}deg) rotateZ(${camera.tilt}deg);`;
  const room = {
    desk: desk(random),
    glareAt: /** @type {[number, number]} */ ([between(random, 20, 80), between(random, 20, 80)]),
    glareSize: between(random, 18, 35),
  };
  const html = photoPage(camera, room, cardCss, layout.html, layout.css);
  const { cardWidth, offsetX: _x, offsetY: _y, ...shot } = camera;
  return {
    html,
    scale: camera.scale,
    quality: camera.quality,
    varied: {
      colour: surface.surface,
      ...shot,
      width: cardWidth / FRAME.width,
      ...style.varied,
      ...layout.varied,
      photo: `${Math.round(FRAME.width * camera.scale)}x${Math.round(FRAME.height * camera.scale)}`,
    },
  };
}
