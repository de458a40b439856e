import {
  Bell,
  BellRing,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  Heart,
  Images,
  ListOrdered,
  MapPin,
  MessagesSquare,
  PackageCheck,
  QrCode,
  Repeat,
  Search,
  ShieldCheck,
  ShoppingBag,
  Star,
  Store,
  Tag,
  TrendingUp,
  UserPlus,
  Wrench,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { paths, to } from '../../paths.ts';
import type { Role } from '../../session/auth-rules.ts';

export const productNames = ['Activities', 'Deals', 'Services', 'Vendors'] as const;
export type ProductName = (typeof productNames)[number];

/** Who reads the page: the calls to action link only to routes this role may open (routes.tsx). */
export type Reader = {
  role: Role;
  /** Approved vendors only: Create Deal (spec §6). */
  canPostDeals: boolean;
  /** An approved vendor may switch to the user view (from the menu). */
  vendorIsApproved: boolean;
  /** The account's id, for the vendor's own public page. */
  accountId: string;
};

export type Action = { label: string; path: string };
/** What the page invites the reader to do: one sentence, then links (the first is the main one). */
export type Invitation = { lead: string; actions: Action[]; aside?: { text: string; action: Action } };
type Point = { title: string; body: string; icon: LucideIcon };
type Step = { title: string; body: string };

export type Product = {
  name: ProductName;
  icon: LucideIcon;
  /** What it is, in one line. */
  tagline: string;
  intro: string;
  highlights: Point[];
  /** How it works for people who use LocalLoop, and for the businesses on it. */
  steps: { customer: Step[]; vendor: Step[] };
  invitation: (reader: Reader) => Invitation;
};

const signUp: Action = { label: 'Create your account', path: paths.createAccount };
const logIn: Action = { label: 'Log in', path: paths.login };
const mainMenu: Action = { label: 'Open the Main Menu', path: paths.mainMenu };
const dashboard: Action = { label: 'Vendor Dashboard', path: paths.vendorDashboard };

const activities: Product = {
  name: 'Activities',
  icon: CalendarDays,
  tagline: 'Find something to do nearby, or start it yourself and meet the people who come.',
  intro:
    'Activities are the community side of LocalLoop: runs, game nights, workshops and clean-ups posted by your neighbours and the businesses on your street, within the distance you choose.',
  highlights: [
    { title: 'What is on near you', body: 'Activities around your area, nearest first, narrowed by category, day and distance.', icon: MapPin },
    { title: 'Join in a tap, or ask', body: 'Open activities take you straight in. Where the host approves people, your request waits for their answer.', icon: UserPlus },
    { title: 'A fair waitlist', body: 'When an activity is full you get a place in line, and a freed place goes to the next person without anyone lifting a finger.', icon: ListOrdered },
    { title: 'Chat with the group', body: 'Everyone going shares the activity’s chat, to sort out the details before you meet.', icon: MessagesSquare },
    { title: 'Host once, or every week', body: 'Post an activity with its place, time and number of places, or repeat it weekly for the season.', icon: Repeat },
    { title: 'Reminders and your calendar', body: 'Add it to your calendar, and get a reminder a day and an hour before it starts.', icon: BellRing },
  ],
  steps: {
    customer: [
      { title: 'Set your area', body: 'Choose your location once; LocalLoop shows what is happening around it.' },
      { title: 'Pick an activity', body: 'See where and when it is, who is going and how many places are left.' },
      { title: 'Join or ask to join', body: 'You are in at once, in line, or waiting for the host’s yes, and told at every step.' },
      { title: 'Meet up', body: 'Chat with the group, add it to your calendar and show up.' },
    ],
    vendor: [
      { title: 'Switch to the user view', body: 'An activity belongs to you as a person, so it is posted from the user view.' },
      { title: 'Create the activity', body: 'Its place, time, number of places, and whether you approve who joins.' },
      { title: 'Answer requests', body: 'Accept or decline, and chat with everyone going.' },
      { title: 'Keep an eye on it', body: 'Your dashboard counts the activities to come and the requests waiting for you.' },
    ],
  },
  invitation: ({ role, vendorIsApproved }) => {
    if (role === 'vendor') {
      return vendorIsApproved
        ? { lead: 'Host a tasting, a class or a walk: switch to the user view, from the header or the Main Menu, to post it.', actions: [mainMenu, dashboard] }
        : { lead: 'Activities are posted from the user view, which your shop can switch to once it is approved.', actions: [dashboard] };
    }
    if (role === 'user') {
      return {
        lead: 'Find your next plan, or start one.',
        actions: [
          { label: 'Browse Activities', path: paths.localActivities },
          { label: 'Create Activity', path: paths.postActivities },
          { label: 'My Created Activities', path: to.myActivities() },
        ],
      };
    }
    return { lead: 'See what is on near you; an account lets you join and host.', actions: [{ label: 'Browse Activities', path: paths.localActivities }, signUp] };
  },
};

const deals: Product = {
  name: 'Deals',
  icon: Tag,
  tagline: 'Limited offers from the shops around you, bought here and redeemed in person with a QR code.',
  intro:
    'Deals bring you a better price at the bakery, the studio or the salon down the street, and bring those businesses new customers from their own neighbourhood.',
  highlights: [
    { title: 'Offers close to home', body: 'Deals near your area, by category and distance, from shops you can walk to.', icon: MapPin },
    { title: 'Buy in a few taps', body: 'Pay once and the deal waits in My Orders, with its shop, price and last day.', icon: ShoppingBag },
    { title: 'Redeem with a QR code', body: 'Show your code at the counter; the shop scans it and the deal is used, once and only once.', icon: QrCode },
    { title: 'Real stock, real dates', body: 'Every deal shows how many are left and when it ends, and none is sold past its stock.', icon: PackageCheck },
    { title: 'Ratings from real buyers', body: 'Only people who redeemed a deal can rate it, so its stars mean something.', icon: Star },
    { title: 'Sales at a glance', body: 'Shops follow every sale and redemption in My Sales.', icon: TrendingUp },
  ],
  steps: {
    customer: [
      { title: 'Browse deals near you', body: 'Pick a category and a distance, or just look at what is close.' },
      { title: 'Buy the one you want', body: 'It lands in My Orders with its QR code.' },
      { title: 'Show the code at the shop', body: 'The shop scans it at the counter and the deal is yours.' },
      { title: 'Rate it', body: 'Tell your neighbours how it was.' },
    ],
    vendor: [
      { title: 'Create a deal', body: 'Its price, stock, dates and pictures. Approved shops only.' },
      { title: 'People nearby buy it', body: 'It shows on the deals list and on your shop’s page.' },
      { title: 'Scan at the counter', body: 'Scan the customer’s QR code with Scan to redeem the deal.' },
      { title: 'Follow your sales', body: 'My Sales shows what sold and what was redeemed.' },
    ],
  },
  invitation: ({ role, canPostDeals }) => {
    if (role === 'vendor') {
      return canPostDeals
        ? {
            lead: 'Put an offer in front of the people who live nearby.',
            actions: [
              { label: 'Create Deal', path: paths.vendorDealAdd },
              { label: 'My Created Deals', path: to.myDeals() },
              { label: 'My Sales', path: paths.mySalesDeal },
            ],
          }
        : {
            lead: 'Creating deals opens once your shop is approved. Your vendor profile shows where your application stands.',
            actions: [
              { label: 'Vendor Profile', path: paths.basicInfo },
              { label: 'My Created Deals', path: to.myDeals() },
            ],
          };
    }
    if (role === 'user') {
      return {
        lead: 'Grab something good from around the corner.',
        actions: [
          { label: 'Browse Deals', path: paths.popularDeals },
          { label: 'My Orders', path: paths.myPurchaseDeal },
        ],
      };
    }
    return { lead: 'See the offers near you; an account lets you buy them.', actions: [{ label: 'Explore Deals', path: paths.popularDeals }, signUp] };
  },
};

const services: Product = {
  name: 'Services',
  icon: Wrench,
  tagline: 'Book appointments with local providers, at times that are really free.',
  intro:
    'Hairdressers, trainers, tutors and repairers list what they offer and who does it. You pick a time from their real calendar, and it is yours.',
  highlights: [
    { title: 'Services near you', body: 'What local businesses offer, with prices, lengths and the people who provide it.', icon: Search },
    { title: 'Real free times', body: 'Times come from each provider’s hours, in the shop’s own time zone, with booked ones left out.', icon: CalendarClock },
    { title: 'Booked is booked', body: 'A time is sold once, even when two people tap it at the same moment.', icon: CalendarCheck },
    { title: 'Always up to date', body: 'You are told when the shop confirms or cancels, and you can cancel ahead of time yourself.', icon: Bell },
    { title: 'In your calendar', body: 'Add a booking to your calendar, and get a reminder before it.', icon: BellRing },
    { title: 'Favorites', body: 'Keep the services you come back to one tap away.', icon: Heart },
  ],
  steps: {
    customer: [
      { title: 'Find a service', body: 'Browse what is offered near you.' },
      { title: 'Pick a provider and a time', body: 'Only times that are really free are shown.' },
      { title: 'Book it', body: 'It shows in My Bookings at once, and you hear when the shop confirms.' },
      { title: 'Go to your appointment', body: 'With a reminder before it, and the booking in your calendar.' },
    ],
    vendor: [
      { title: 'List your services', body: 'Name, price, length and the pause you need after each one.' },
      { title: 'Add your providers', body: 'Who does the work, and their own hours if they differ from the shop’s.' },
      { title: 'Open your calendar', body: 'Make time slots for the weeks ahead; customers book what is free.' },
      { title: 'Manage appointments', body: 'Confirm, complete or cancel, and the customer is told each time.' },
    ],
  },
  invitation: ({ role }) => {
    if (role === 'vendor') {
      return {
        lead: 'Let customers book your time.',
        actions: [
          { label: 'My Services', path: paths.vendorServices },
          { label: 'Add Provider', path: paths.vendorProviderAdd },
          { label: 'My Appointments', path: paths.appointments },
        ],
      };
    }
    if (role === 'user') {
      return {
        lead: 'Book your next appointment.',
        actions: [
          { label: 'Browse Services', path: paths.servicesBrowse },
          { label: 'My Bookings', path: paths.customerBookings },
          { label: 'Favorite Services', path: paths.servicesFavorite },
        ],
      };
    }
    return { lead: 'Services are booked with an account.', actions: [signUp, logIn] };
  },
};

const vendors: Product = {
  name: 'Vendors',
  icon: Store,
  tagline: 'The shops, studios and services of your neighbourhood, each checked before it sells.',
  intro:
    'Every vendor on LocalLoop is a local business with a page of its own: what it sells, when it is open, where to find it and what customers say.',
  highlights: [
    { title: 'Checked before they sell', body: 'Vendors go through identity checks and approval before their deals and services go live.', icon: ShieldCheck },
    { title: 'Find them nearby', body: 'Vendors around your area, searched by name and narrowed by category and distance.', icon: MapPin },
    { title: 'A page for every shop', body: 'Photos, opening hours and a map, with its deals, services and activities.', icon: Images },
    { title: 'Ratings on every page', body: 'Customers give stars and a word, and everyone sees them.', icon: Star },
    { title: 'Favorite vendors', body: 'Keep your regulars in one list.', icon: Heart },
    { title: 'Sell on LocalLoop', body: 'Any account can apply to become a vendor; deals, bookings and QR redemption come with it.', icon: Store },
  ],
  steps: {
    customer: [
      { title: 'Find a vendor', body: 'Browse the businesses near you.' },
      { title: 'Open its page', body: 'See its photos, hours, address and ratings.' },
      { title: 'Buy, book or save it', body: 'Grab its deals, book its services or add it to your favorites.' },
      { title: 'Rate your visit', body: 'Help your neighbours choose.' },
    ],
    vendor: [
      { title: 'Tell us about your business', body: 'Its name, category, description and contact, in Vendor Profile.' },
      { title: 'Verify it', body: 'Upload your documents and bank details.' },
      { title: 'Set your hours and address', body: 'So customers know when and where to find you.' },
      { title: 'Get approved', body: 'Your page goes live and you can start selling.' },
    ],
  },
  invitation: ({ role, accountId }) => {
    if (role === 'vendor') {
      return {
        lead: 'Keep your shop’s page complete: it is what customers see first.',
        actions: [
          { label: 'Vendor Profile', path: paths.basicInfo },
          ...(accountId ? [{ label: 'View your page', path: to.vendorProfile(accountId) }] : []),
          dashboard,
        ],
      };
    }
    if (role === 'user') {
      return {
        lead: 'Meet the businesses around you.',
        actions: [
          { label: 'Browse Vendors', path: paths.vendorList },
          { label: 'Favorite Vendors', path: paths.favorite },
        ],
        // The become-a-vendor flow checks the profile first: it starts from the menu's entry, not from a plain link.
        aside: { text: 'Run a local business? Choose Become a vendor in the Main Menu to apply.', action: mainMenu },
      };
    }
    return { lead: 'Meet the businesses around you.', actions: [{ label: 'Find Vendors', path: paths.vendor }, signUp] };
  },
};

export const products: Record<ProductName, Product> = { Activities: activities, Deals: deals, Services: services, Vendors: vendors };

/** The product a "{product}Features" segment names, matched case-insensitively as every path is; null for any other. */
export function productOfSegment(segment: string | undefined): Product | null {
  const named = /^(.+)features$/i.exec(segment ?? '')?.[1]?.toLowerCase();
  const name = productNames.find((candidate) => candidate.toLowerCase() === named);
  return name ? products[name] : null;
}
