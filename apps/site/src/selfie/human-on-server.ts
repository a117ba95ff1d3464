/**
 * What `@vladmandic/human` resolves to in the server's bundle (next.config.ts): the gallery is
 * rendered on the server too, but the face model only ever runs in the browser. Without this the
 * server bundle would take the package's Node build, which needs @tensorflow/tfjs-node.
 */
export class Human {
  constructor() {
    throw new Error('The face model runs in the browser only');
  }
}
