using Cqrs.ServiceBus.LocalBroker;

return await BrokerHost.RunAsync(args);
