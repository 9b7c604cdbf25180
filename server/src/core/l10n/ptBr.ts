import type { Translation } from './index';

export const PT_BR: Translation = {
};
