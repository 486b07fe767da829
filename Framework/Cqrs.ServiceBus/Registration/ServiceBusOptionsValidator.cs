using Azure.Messaging.ServiceBus;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Cqrs.ServiceBus;

/// <summary>Rejects settings the transport cannot work with, at start rather than on the first message, each with what to set.</summary>
internal sealed class ServiceBusOptionsValidator(IServiceProviderIsService services) : IValidateOptions<ServiceBusOptions>
{
    private const string Prefix = nameof(ServiceBusOptions);

    private static readonly TimeSpan MinimumDuplicateDetectionWindow = TimeSpan.FromSeconds(20);
    private static readonly TimeSpan MaximumDuplicateDetectionWindow = TimeSpan.FromDays(7);

    public ValidateOptionsResult Validate(string? name, ServiceBusOptions options)
    {
        List<string> errors = [];
        if (!services.IsService(typeof(ServiceBusClient)))
        {
            AddConnectionErrors(options, errors);
        }

        Require(errors, options.MaxConcurrentCalls >= 1, $"{Prefix}.{nameof(ServiceBusOptions.MaxConcurrentCalls)} must be at least 1; it is {options.MaxConcurrentCalls}.");
        Require(errors, options.MaxConcurrentSessions >= 1, $"{Prefix}.{nameof(ServiceBusOptions.MaxConcurrentSessions)} must be at least 1; it is {options.MaxConcurrentSessions}.");
        Require(errors, options.SessionIdleTimeout > TimeSpan.Zero, $"{Prefix}.{nameof(ServiceBusOptions.SessionIdleTimeout)} must be positive; it is {options.SessionIdleTimeout}.");
        Require(errors, options.PrefetchCount >= 0, $"{Prefix}.{nameof(ServiceBusOptions.PrefetchCount)} must not be negative (0 turns prefetch off); it is {options.PrefetchCount}.");
        Require(errors, options.MaxBatchSize >= 1, $"{Prefix}.{nameof(ServiceBusOptions.MaxBatchSize)} must be at least 1; it is {options.MaxBatchSize}.");
        Require(errors, options.MaxDeliveryCount >= 1, $"{Prefix}.{nameof(ServiceBusOptions.MaxDeliveryCount)} must be at least 1; it is {options.MaxDeliveryCount}.");
        Require(errors, options.LockDuration > TimeSpan.Zero, $"{Prefix}.{nameof(ServiceBusOptions.LockDuration)} must be positive; it is {options.LockDuration}.");
        Require(errors, options.ExpectedHandlerTime >= TimeSpan.Zero, $"{Prefix}.{nameof(ServiceBusOptions.ExpectedHandlerTime)} must not be negative; it is {options.ExpectedHandlerTime}.");
        Require(errors, options.DuplicateDetectionHistoryTimeWindow >= MinimumDuplicateDetectionWindow && options.DuplicateDetectionHistoryTimeWindow <= MaximumDuplicateDetectionWindow,
            $"{Prefix}.{nameof(ServiceBusOptions.DuplicateDetectionHistoryTimeWindow)} must be from {MinimumDuplicateDetectionWindow} to {MaximumDuplicateDetectionWindow}, as Service Bus allows; it is {options.DuplicateDetectionHistoryTimeWindow}.");
        Require(errors, options.MaxAutoLockRenewalDuration >= TimeSpan.Zero, $"{Prefix}.{nameof(ServiceBusOptions.MaxAutoLockRenewalDuration)} must not be negative (0 turns renewal off); it is {options.MaxAutoLockRenewalDuration}.");
        Require(errors, options.ShutdownTimeout > TimeSpan.Zero, $"{Prefix}.{nameof(ServiceBusOptions.ShutdownTimeout)} must be positive; it is {options.ShutdownTimeout}.");
        foreach (var (key, entity) in new[] { (nameof(ServiceBusOptions.CommandQueue), options.CommandQueue), (nameof(ServiceBusOptions.EventTopic), options.EventTopic), (nameof(ServiceBusOptions.Subscription), options.Subscription) })
        {
            Require(errors, !string.IsNullOrWhiteSpace(entity), $"{Prefix}.{key} must name an entity; it is empty.");
        }

        return errors.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(errors);
    }

    private static void AddConnectionErrors(ServiceBusOptions options, List<string> errors)
    {
        var connectionString = !string.IsNullOrWhiteSpace(options.ConnectionString);
        var fullyQualifiedNamespace = !string.IsNullOrWhiteSpace(options.FullyQualifiedNamespace);
        Require(errors, connectionString || fullyQualifiedNamespace,
            $"Give {Prefix}.{nameof(ServiceBusOptions.ConnectionString)}, or {Prefix}.{nameof(ServiceBusOptions.FullyQualifiedNamespace)} " +
            $"(connected to as {nameof(ServiceBusOptions.Credential)}, a DefaultAzureCredential unless set in code), " +
            "or register a ServiceBusClient in the container (services.AddAzureClients(b => b.AddServiceBusClient(...))).");
        Require(errors, !(connectionString && fullyQualifiedNamespace),
            $"Give {Prefix}.{nameof(ServiceBusOptions.ConnectionString)} or {Prefix}.{nameof(ServiceBusOptions.FullyQualifiedNamespace)}, not both: which one to connect with is unclear.");
    }

    private static void Require(List<string> errors, bool condition, string error)
    {
        if (!condition)
        {
            errors.Add(error);
        }
    }
}
