import DashboardIcon from '@mui/icons-material/Dashboard';
import OrdersIcon from '@mui/icons-material/ShoppingBasket';
import ProductsIcon from '@mui/icons-material/Inventory2';
import AddIcon from '@mui/icons-material/AddBox';
import UsersIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ReportIcon from '@mui/icons-material/Assessment';
import ImpactIcon from '@mui/icons-material/VolunteerActivism';
import HelpIcon from '@mui/icons-material/OndemandVideo';
import ReviewIcon from '@mui/icons-material/RateReview';
import DonationIcon from '@mui/icons-material/VolunteerActivism';
import CountIcon from '@mui/icons-material/FactCheck';
import AccessLogIcon from '@mui/icons-material/ManageSearch';
import SourceIcon from '@mui/icons-material/Storefront';
import PrivacyIcon from '@mui/icons-material/PrivacyTip';
import DemandIcon from '@mui/icons-material/TrendingDown';
import SlotIcon from '@mui/icons-material/EventAvailable';
import NoticeIcon from '@mui/icons-material/Campaign';
import SettingsIcon from '@mui/icons-material/Settings';
import { Menu, usePermissions } from 'react-admin';
import { SETTINGS_PATH } from '../settings';

/**
 * Menus per role: an admin gets Dashboard, All Orders, Donations, Stock counts, Demand, Products, Reviews,
 * Users, the report, the access log of student details, Settings and How To Use; a volunteer Dashboard, All Orders, Donations, Stock counts, Demand and
 * How To Use (the server refuses the rest anyway).
 */
export function AppMenu() {
  const { permissions } = usePermissions<string>();
  const isAdmin = permissions === 'admin';
  return (
    <Menu>
      <Menu.Item to="/" primaryText="Dashboard" leftIcon={<DashboardIcon />} />
      <Menu.Item to="/orders" primaryText="All Orders" leftIcon={<OrdersIcon />} />
      <Menu.Item to="/donations" primaryText="Donations" leftIcon={<DonationIcon />} />
      <Menu.Item to="/stock-counts" primaryText="Stock counts" leftIcon={<CountIcon />} />
      <Menu.Item to="/demand" primaryText="Demand" leftIcon={<DemandIcon />} />
      {isAdmin && (
        <>
          <Menu.Item to="/products" primaryText="All Products" leftIcon={<ProductsIcon />} />
          <Menu.Item to="/products/create" primaryText="Add Product" leftIcon={<AddIcon />} />
          <Menu.Item
            to="/donation-sources"
            primaryText="Donation sources"
            leftIcon={<SourceIcon />}
          />
          <Menu.Item to="/reviews" primaryText="Reviews" leftIcon={<ReviewIcon />} />
          <Menu.Item to="/users" primaryText="All Users" leftIcon={<UsersIcon />} />
          <Menu.Item to="/users/create" primaryText="Add User" leftIcon={<PersonAddIcon />} />
          <Menu.Item to="/report" primaryText="Report" leftIcon={<ReportIcon />} />
          <Menu.Item to="/impact" primaryText="Impact" leftIcon={<ImpactIcon />} />
          <Menu.Item to="/access-log" primaryText="Access log" leftIcon={<AccessLogIcon />} />
          <Menu.Item to="/privacy" primaryText="Privacy" leftIcon={<PrivacyIcon />} />
          <Menu.Item to="/pickup-slots" primaryText="Pickup slots" leftIcon={<SlotIcon />} />
          <Menu.Item to="/notices" primaryText="Notices" leftIcon={<NoticeIcon />} />
          <Menu.Item to={SETTINGS_PATH} primaryText="Settings" leftIcon={<SettingsIcon />} />
        </>
      )}
      <Menu.Item to="/how-to-use" primaryText="How To Use" leftIcon={<HelpIcon />} />
    </Menu>
  );
}
