/*
 * POST /v1/audio/speech renders through here: routes reach media/ only through a service
 * (decision 150, checked by eslint.config.js).
 */
export { synthesizeSpeech } from '../../media/speech';
