/** 'Good Morning, {name}!': the newsletter dashboard's greeting by time of day (spec: 5-11, 12-16, 17-21, night otherwise), one sentence per part of the day. */
import { Stack, Text } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../../core/client/stores';
import { t } from '../../../core/client/words';
import { partOfDay } from '../../../core/shared/text';

const greeting = (part: ReturnType<typeof partOfDay>, name: string) => {
  switch (part) {
    case 'morning':
      return t('Good Morning, {name}!', { name });
    case 'afternoon':
      return t('Good Afternoon, {name}!', { name });
    case 'evening':
      return t('Good Evening, {name}!', { name });
    default:
      return t('Good Night, {name}!', { name });
  }
};

export default function GreetingPanel() {
  const user = useAtomValue(userAtom);
  const name = user?.profile.name.split(' ')[0] || user?.email || '';
  return (
    <Stack verticalAlign="center" styles={{ root: { height: '100%' } }}>
      <Text as="h2" variant="xLarge" style={{ fontWeight: 600, margin: 0 }}>
        {greeting(partOfDay(new Date().getHours()), name)}
      </Text>
    </Stack>
  );
}
