import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ApiBridge } from './components/ApiBridge';
import { AppProviders } from './components/AppProviders';
import { PageLoading } from './components/PageLoading';

// Every screen loads when visited, the landing and login screens too: a reader opening a shared page
// downloads neither (issue 21).
const Landing = lazy(() => import('./routes/Landing'));
const Login = lazy(() => import('./routes/Login'));
const Register = lazy(() => import('./routes/Register'));
const TokenLogin = lazy(() => import('./routes/TokenLogin'));
const ItemIndex = lazy(() => import('./routes/ItemIndex'));
const ItemAdd = lazy(() => import('./routes/ItemAdd'));
const ItemGroupIndex = lazy(() => import('./routes/ItemGroupIndex'));
const ItemPassword = lazy(() => import('./routes/ItemPassword'));
const ItemShow = lazy(() => import('./routes/ItemShow'));
const PageShow = lazy(() => import('./routes/PageShow'));
const PageDiff = lazy(() => import('./routes/PageDiff'));
const PageEdit = lazy(() => import('./routes/PageEdit'));
const MessageIndex = lazy(() => import('./routes/MessageIndex'));
const AttachmentIndex = lazy(() => import('./routes/AttachmentIndex'));
const TeamIndex = lazy(() => import('./routes/TeamIndex'));
const TeamMember = lazy(() => import('./routes/TeamMember'));
const TeamItem = lazy(() => import('./routes/TeamItem'));
const SharedPage = lazy(() => import('./routes/SharedPage'));
const UserSetting = lazy(() => import('./routes/UserSetting'));
const ItemSetting = lazy(() => import('./routes/ItemSetting'));
const ItemExport = lazy(() => import('./routes/ItemExport'));
const AdminIndex = lazy(() => import('./routes/AdminIndex'));
const NoPaidTiers = lazy(() => import('./features/admin/NoPaidTiers'));
const NotFound = lazy(() => import('./routes/NotFound'));

/** One route per row of the specification's router table (seed 000 §2, seed 001 router). */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route path="/user/login" element={<Login />} />
        <Route path="/user/register" element={<Register />} />
        <Route path="/user/loginByUserToken" element={<TokenLogin />} />
        <Route path="/user/setting" element={<UserSetting />} />
        <Route path="/item/index" element={<ItemIndex />} />
        <Route path="/item/add" element={<ItemAdd />} />
        <Route path="/item/group/index" element={<ItemGroupIndex />} />
        <Route path="/item/password/:itemId" element={<ItemPassword />} />
        <Route path="/item/setting/:itemId" element={<ItemSetting />} />
        <Route path="/item/export/:itemId" element={<ItemExport />} />
        <Route path="/admin/index" element={<AdminIndex />} />
        <Route path="/prices" element={<NoPaidTiers />} />
        <Route path="/order/index" element={<NoPaidTiers />} />
        <Route path="/message/index" element={<MessageIndex />} />
        <Route path="/attachment/index" element={<AttachmentIndex />} />
        <Route path="/team/index" element={<TeamIndex />} />
        <Route path="/team/member/:teamId" element={<TeamMember />} />
        <Route path="/team/item/:teamId" element={<TeamItem />} />
        <Route path="/page/:pageId" element={<PageShow />} />
        <Route path="/page/diff/:pageId/:historyId" element={<PageDiff />} />
        <Route path="/page/edit/:itemId/:pageId" element={<PageEdit />} />
        <Route path="/p/:uniqueKey" element={<SharedPage />} />
        {/* A project by id or personal domain, and one of its pages; fixed paths above always win. One route,
            so moving between pages keeps the project view (and its menu) mounted. */}
        <Route path="/:itemRef/:pageId?" element={<ItemShow />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

export default function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <ApiBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
