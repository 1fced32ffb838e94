import type { DiscoverMessages } from './discover';

export const discoverEn: DiscoverMessages = {
  featuredCreators: 'Featured creators',
  allCreators: 'See all creators',
  recentMissions: 'Recently completed missions',
  allMissions: 'See all missions',
  empty: {
    browseCompleted: 'No completed missions yet. Ask a creator you like for the first one.',
    browseReserved: 'No missions in progress right now. Find a creator and request a mission.',
    creatorMissions: 'This creator has no missions to request yet. Have a look at other creators’ missions.',
    comments: 'No comments yet. Be the first to leave one.',
    notifications: 'No notifications yet. Follow creators and request missions: their news will show up here.',
    managementMissions: 'No missions received yet. Share your creator page so that fans can send you requests.',
    ownMissions: 'You have no missions yet. Register your first one so that fans can request it.',
    managementEvents: 'No events yet. Register your first draw event to gather your fans.',
  },
  actions: {
    findCreators: 'Find creators',
    browseMissions: 'Browse missions',
    writeComment: 'Write a comment',
    myCreatorPage: 'View my creator page',
    registerMission: 'Register your first mission',
    registerEvent: 'Register a first event',
  },
};
