using Cqrs.ServiceBus.LocalBroker.Host;

return await BrokerHost.RunAsync(args);
