import { describe, expect, it } from 'vitest';
import { parsePhotoRef, parsePhotoRefs } from './photos';

const U = '0b7e2c9a-1f2d-4c3b-9a8e-112233445566';

describe('photo references', () => {
  it('reads uuid,width,height', () => {
    expect(parsePhotoRef(`${U},1600,1067`)).toEqual({ uuid: U, width: 1600, height: 1067 });
  });

  it('skips malformed references', () => {
    expect(parsePhotoRefs([`${U},1600`, `nope,1,1`, `${U},0,10`, `${U},a,b`, `${U},1,1,1`, `${U},10,20`])).toEqual([{ uuid: U, width: 10, height: 20 }]);
  });
});
