import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router';
import { Dashboard } from './dashboard';
import { dataProvider } from './data-provider';

export function App() {
  return (
    <Admin basename="/admin" dataProvider={dataProvider} dashboard={Dashboard} title="Fanmission console">
      <CustomRoutes>
        <Route path="/health" element={<Dashboard />} />
      </CustomRoutes>
    </Admin>
  );
}
