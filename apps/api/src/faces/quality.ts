/**
 * Whether a face can identify someone: the face recipe's limits (`@eventsite/contract/face-recipe`,
 * shared with the browser), measured on the face as the descriptor sees it. A face that fails is
 * not indexed (`ingest/faces.ts`): it would only match strangers, and a person far in the
 * background is not made searchable. A selfie that fails is answered with what to change.
 *
 * On the real race set every labelled face is 43 px or more, sharper than 0.3 and turned under
 * 40°, and tightening any limit only lost true matches: the limits turn away what is clearly
 * hopeless (a face under 32 px, a head turned past 45° or tilted past 35°, a smear) and were not
 * fitted closer (docs/selfie-search.md, "Which faces are indexed").
 */
export {
  QUALITY_LIMITS,
  unidentifiable,
  type FaceQuality,
  type QualityLimits,
  type Unidentifiable,
} from '@eventsite/contract/face-recipe';
