/** What other plugins may use of the settings on the console: the fields a newsletter's settings are made of (the creation wizard asks for the same). */
export { ColorField } from './ColorField';
export type { ColorFieldProps } from './ColorField';
export { InterestsField, interestTitle } from './InterestsField';
export type { InterestsFieldProps } from './InterestsField';
export { toSlider, VoiceSliders } from './VoiceSettingsField';
export type { VoiceSlidersProps } from './VoiceSettingsField';
