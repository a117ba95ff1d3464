import { describe, expect, it } from 'vitest';
import {
  CROP_FACTOR,
  CROP_SIDE,
  DESCRIBE_MIRRORED,
  FACE_DESCRIPTOR,
  FACE_RECIPE_UNVERSIONED,
  FACE_RECIPE_VERSION,
  FACE_WORKING_SIDE,
  faceRecipeVersion,
  type RecipeSettings,
} from './face-recipe.js';

const now: RecipeSettings = {
  descriptor: FACE_DESCRIPTOR,
  cropFactor: CROP_FACTOR,
  cropSide: CROP_SIDE,
  workingSide: FACE_WORKING_SIDE,
  mirrored: DESCRIBE_MIRRORED,
};

describe('the face recipe’s version', () => {
  // Changing the recipe changes this line: every face stored before is described again at start.
  it('is the current settings’, short and never the version of faces stored before versions', () => {
    expect(FACE_RECIPE_VERSION).toBe(faceRecipeVersion(now));
    expect(FACE_RECIPE_VERSION).toBe('faceres-2.4x288-w2048-mirrored');
    expect(FACE_RECIPE_VERSION).not.toBe(FACE_RECIPE_UNVERSIONED);
  });

  it('changes with every setting a descriptor depends on', () => {
    const changed: RecipeSettings[] = [
      { ...now, descriptor: 'mobilefacenet' },
      { ...now, cropFactor: 2 },
      { ...now, cropSide: 256 },
      { ...now, workingSide: 1600 },
      { ...now, mirrored: !now.mirrored },
    ];
    const versions = new Set([now, ...changed].map(faceRecipeVersion));
    expect(versions.size).toBe(changed.length + 1);
  });
});
