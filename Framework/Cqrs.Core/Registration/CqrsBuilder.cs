using System.Diagnostics.CodeAnalysis;
using Cqrs.Serialization;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Cqrs;

/// <summary>Returned by <c>AddCqrs</c>: adds more assemblies' registries to the same buses. Not thread-safe.</summary>
public sealed class CqrsBuilder
{
    private readonly List<MessageRegistryBuilder> _registries = [];

    internal CqrsBuilder(IServiceCollection services, CqrsOptions options)
    {
        Services = services;
        Options = options;
        HandlerLifetime = options.HandlerLifetime;
    }

    /// <summary>The service collection the buses are registered in.</summary>
    public IServiceCollection Services { get; }

    /// <summary>Lifetime of handlers, fixed by the first <c>AddCqrs</c> call.</summary>
    public ServiceLifetime HandlerLifetime { get; }

    internal IReadOnlyList<MessageRegistryBuilder> Registries => _registries;

    /// <summary>The options as the <c>configure</c> delegates of <c>AddCqrs</c> set them: where each container's options start.</summary>
    internal CqrsOptions Options { get; }

    /// <summary>The configuration section passed to <c>AddCqrs</c>, if any: options bind from it rather than the container's <c>Cqrs</c> section.</summary>
    internal IConfiguration? Configuration { get; set; }

    /// <summary>Adds the messages, handlers and validators of another assembly's registry.</summary>
    public CqrsBuilder AddRegistry(IMessageRegistry registry)
    {
        ArgumentNullException.ThrowIfNull(registry);
        var described = new MessageRegistryBuilder();
        registry.Register(described);
        foreach (var handler in described.Handlers)
        {
            var service = handler.Describe(HandlerLifetime);
            if (handler.Kind == MessageKind.Event)
            {
                Services.TryAddEnumerable(service);
            }
            else
            {
                ThrowIfSecondHandler(service, handler);
                Services.TryAdd(service);
            }

            if (handler.DescribeClass is { } describeClass)
            {
                Services.TryAdd(describeClass(HandlerLifetime));
            }
        }

        foreach (var validator in described.Validators)
        {
            Services.TryAddEnumerable(validator(HandlerLifetime));
        }

        _registries.Add(described);
        return this;
    }

    /// <summary>
    /// Finds what the registries added so far declare for an event-sourced aggregate's state type (by
    /// <see cref="MessageRegistryBuilder.AggregateState{TState}"/>): the wire name and codec its snapshots are kept with.
    /// </summary>
    /// <returns>False when no registry declares <typeparamref name="TState"/>.</returns>
    public bool TryGetAggregateState<TState>([NotNullWhen(true)] out string? wireName, [NotNullWhen(true)] out IMessagePackCodec<TState>? codec)
    {
        foreach (var registry in _registries)
        {
            if (registry.AggregateStates.TryGetValue(typeof(TState), out var registration))
            {
                (wireName, codec) = (registration.WireName, (IMessagePackCodec<TState>)registration.Codec);
                return true;
            }
        }

        (wireName, codec) = (null, null);
        return false;
    }

    /// <summary>Calls <paramref name="visitor"/> once for each command type of the registries added so far.</summary>
    public void VisitCommands(ICommandTypeVisitor visitor)
    {
        ArgumentNullException.ThrowIfNull(visitor);
        foreach (var message in _registries.SelectMany(registry => registry.Messages))
        {
            message.AcceptCommandVisitor(visitor);
        }
    }

    /// <summary>
    /// Calls <paramref name="visitor"/> once for each command type of the registries added so far that is declared
    /// public (<see cref="PublicCommandAttribute"/>): the commands callers outside the app may send.
    /// </summary>
    public void VisitPublicCommands(ICommandTypeVisitor visitor)
    {
        ArgumentNullException.ThrowIfNull(visitor);
        foreach (var message in _registries.SelectMany(registry => registry.Messages).Where(message => message.IsPublicCommand))
        {
            message.AcceptCommandVisitor(visitor);
        }
    }

    /// <summary>
    /// True when a registry added so far declares that the app sends <paramref name="commandType"/> only to itself (a
    /// saga's timeout): no outside caller may send it.
    /// </summary>
    public bool IsSelfAddressedCommand(Type commandType) =>
        _registries.Any(registry => registry.SelfAddressedCommands.Contains(commandType));

    private void ThrowIfSecondHandler(ServiceDescriptor service, HandlerRegistration handler)
    {
        var existing = Services.FirstOrDefault(registered => registered.ServiceType == service.ServiceType);
        if (existing is not null && existing.ImplementationType != handler.HandlerType)
        {
            throw new InvalidOperationException(
                $"{handler.MessageType} has two handlers, {existing.ImplementationType} and {handler.HandlerType}; a {handler.Kind.ToString().ToLowerInvariant()} has exactly one.");
        }
    }
}
