import type { Translation } from './index';

export const ES: Translation = {
};
