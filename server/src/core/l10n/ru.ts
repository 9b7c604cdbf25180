import type { Translation } from './index';

export const RU: Translation = {
};
