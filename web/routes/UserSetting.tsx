import { useNavigate } from 'react-router';
import UserCenterDialog from '../features/user/UserCenterDialog';
import ItemIndex from './ItemIndex';

/** `/user/setting`: the user center dialog over the project list; closing it leaves the list. */
export default function UserSetting() {
  const navigate = useNavigate();
  return (
    <ItemIndex>
      <UserCenterDialog open onClose={() => navigate('/item/index')} />
    </ItemIndex>
  );
}
