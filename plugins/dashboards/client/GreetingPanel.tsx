/** 'Good Morning, {name}!': the newsletter dashboard's greeting by time of day (spec: 5-11, 12-16, 17-21, night otherwise). */
import { Stack, Text } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../../core/client/stores';
import { partOfDay } from '../../../core/shared/text';

const greetings = { morning: 'Good Morning', afternoon: 'Good Afternoon', evening: 'Good Evening', night: 'Good Night' } as const;

export default function GreetingPanel() {
  const user = useAtomValue(userAtom);
  const name = user?.profile.name.split(' ')[0] || user?.email;
  return (
    <Stack verticalAlign="center" styles={{ root: { height: '100%' } }}>
      <Text as="h2" variant="xLarge" style={{ fontWeight: 600, margin: 0 }}>
        {greetings[partOfDay(new Date().getHours())]}, {name}!
      </Text>
    </Stack>
  );
}
