import { Card, CardContent, CardHeader } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';

interface Health {
  status: 'UP' | 'DOWN';
  version: string;
  details: Record<string, { status: 'UP' | 'DOWN'; latencyMs?: number }>;
}

export function Dashboard() {
  const [health, setHealth] = useState<Health | 'unreachable'>();
  useEffect(() => {
    fetch('/api/v1/health')
      .then((response) => response.json() as Promise<Health>)
      .then(setHealth, () => setHealth('unreachable'));
  }, []);
  return (
    <Card>
      <Title title="Fanmission console" />
      <CardHeader title="Fanmission console" subheader="Operators and finance" />
      <CardContent>
        {health === undefined && <p>Checking the API…</p>}
        {health === 'unreachable' && <p>The API is unreachable.</p>}
        {health && health !== 'unreachable' && (
          <ul aria-label="system health">
            <li>
              API {health.version}: {health.status}
            </li>
            {Object.entries(health.details).map(([name, component]) => (
              <li key={name}>
                {name}: {component.status}
                {component.latencyMs !== undefined && ` (${component.latencyMs} ms)`}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
